-- dialect: mssql
-- From Remus Rusanu, "Using tables as Queues" (2010): the heap queue and the FIFO queue,
-- each a table plus an enqueue and a dequeue procedure, pasted with the article's GO lines.
-- The calls at the end are ours. Step into an EXEC to see each statement of the procedure
-- body run in turn.

create table HeapQueue (
  Payload varbinary(max));
go

create procedure usp_enqueueHeap
  @payload varbinary(max)
as
  set nocount on;
  insert into HeapQueue (Payload) values (@Payload);
go

create procedure usp_dequeueHeap 
as
  set nocount on;
  delete top(1) from HeapQueue with (rowlock, readpast)
      output deleted.payload;      
go

create table FifoQueue (
  Id bigint not null identity(1,1),
  Payload varbinary(max));
go

create clustered index cdxFifoQueue on FifoQueue (Id);
go

create procedure usp_enqueueFifo
  @payload varbinary(max)
as
  set nocount on;
  insert into FifoQueue (Payload) values (@Payload);
go

create procedure usp_dequeueFifo
as
  set nocount on;
  with cte as (
    select top(1) Payload
      from FifoQueue with (rowlock, readpast)
    order by Id)
  delete from cte
    output deleted.Payload;
go

-- note: A heap promises no order: the dequeue takes whichever unlocked row it meets first.
exec usp_enqueueHeap 0x0A;
exec usp_enqueueHeap 0x0B;
exec usp_dequeueHeap;
go

-- note: The FIFO queue numbers its rows with an identity column, so ORDER BY Id in the dequeue takes the oldest one.
exec usp_enqueueFifo 0x01;
exec usp_enqueueFifo 0x02;
exec usp_enqueueFifo 0x03;
exec usp_dequeueFifo;
exec usp_dequeueFifo;
go
