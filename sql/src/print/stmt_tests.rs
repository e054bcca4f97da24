//! Statement shapes the engine builds and the parser does not, printed as sqlparser's
//! `Display` prints them.
