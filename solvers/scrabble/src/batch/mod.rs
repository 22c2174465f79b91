//! Batch position files (`.scrabble`): the [`Position`](position::Position) a file describes and its
//! report ([`position`]), the prepared [`Job`](job::Job) that reads each dictionary and tile file once
//! per run and solves file after file, and [`job::verify`] for any listed answer ([`job`]).

pub mod job;
pub mod position;
