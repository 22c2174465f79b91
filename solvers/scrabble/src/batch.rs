//! Batch position files (`.scrabble`): the [`Position`] a file describes and its report, the prepared
//! [`Job`] that reads each dictionary and tile file once per run and solves file after file,
//! [`verify`] for any listed answer, and the bounded reading of the files they name ([`ReadError`]).

pub use crate::file::ReadError;
pub use crate::job::{
    verify, Job, Judged, ListingError, LoadedPosition, PositionLoadError, PositionOutcome, PositionSettings,
};
pub use crate::position::{
    parse, LineProblem, Position, PositionError, PositionReport, PositionStatistics, DEFAULT_TOP,
};
