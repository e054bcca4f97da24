-- dialect: mssql
-- From "Implementing a Simple Queue in SQL Server": one table, and a pop that claims
-- the oldest unclaimed message in a single statement. The article's SQL is copied as printed;
-- the second INSERT, the second pop and the final SELECT are ours.

CREATE TABLE SimpleQueue
(
    Id UNIQUEIDENTIFIER NOT NULL PRIMARY KEY,
    CreatedAt DATETIME2 NOT NULL,
    ProcessingStartedAt DATETIME2,
    Errors NVARCHAR(MAX),
    Payload NVARCHAR(MAX)
);

CREATE INDEX IX_SIMPLEQUEUE_POP on SimpleQueue (ProcessingStartedAt, CreatedAt ASC)
INCLUDE (Id)
WHERE ProcessingStartedAt IS NULL;

INSERT INTO SimpleQueue (Id, CreatedAt, Payload)
VALUES (
    'd6513312-4dcc-4c44-b044-08b98257037c' -- newly generated GUID
    ,'2021-09-16 17:55:38.403' -- the current timestamp in UTC
    ,'I am an awesome payload in MS SQL Server'
);

-- note: Ours: a second message, queued a minute after the article's.
INSERT INTO SimpleQueue (Id, CreatedAt, Payload)
VALUES ('0b7e2a6c-1f5d-4e8a-9c3b-5a4d2e1f0c9b', '2021-09-16 17:56:38.403', 'second message');

-- note: The pop: the CTE picks the oldest row not yet claimed; UPDLOCK keeps other poppers off it and READPAST makes them skip it rather than wait. Setting ProcessingStartedAt is the claim, and OUTPUT hands the row back.
WITH PoppedItemCte(Id, Payload, ProcessingStartedAt) AS
(
    SELECT TOP(1)
        sq.Id,
        sq.Payload,
        sq.ProcessingStartedAt
    FROM SimpleQueue sq WITH (READPAST, UPDLOCK)
    WHERE sq.ProcessingStartedAt IS NULL
    ORDER BY sq.CreatedAt
)
UPDATE PoppedItemCte SET ProcessingStartedAt = '2021-09-16 18:42:38.403'
OUTPUT inserted.Id, inserted.Payload;

-- note: The same pop again: the first message is claimed now, so this one gets the second.
WITH PoppedItemCte(Id, Payload, ProcessingStartedAt) AS
(
    SELECT TOP(1)
        sq.Id,
        sq.Payload,
        sq.ProcessingStartedAt
    FROM SimpleQueue sq WITH (READPAST, UPDLOCK)
    WHERE sq.ProcessingStartedAt IS NULL
    ORDER BY sq.CreatedAt
)
UPDATE PoppedItemCte SET ProcessingStartedAt = '2021-09-16 18:42:38.403'
OUTPUT inserted.Id, inserted.Payload;

-- note: The article ends a message one of two ways. On failure the consumer records what went wrong and keeps the row ...
UPDATE SimpleQueue SET Errors = 'Something went wrong'
WHERE Id = 'd6513312-4dcc-4c44-b044-08b98257037c';

-- note: ... and once it is done with the message, it deletes the row.
DELETE FROM SimpleQueue 
WHERE Id = 'd6513312-4dcc-4c44-b044-08b98257037c';

SELECT * FROM SimpleQueue;
