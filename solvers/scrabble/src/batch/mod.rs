//! Batch position files (`.scrabble`): the [`Position`](position::Position) a file describes and its
//! report ([`position`]), the prepared [`Job`](job::Job) that reads each dictionary and tile file once
//! per run and solves file after file, and [`job::verify`] for any listed answer ([`job`]); the files
//! a position names as kinds of file read for a front end holding them in memory ([`files`]).

pub mod files;
pub mod job;
pub mod position;
