//! One module per family subcommand: its clap arguments and what it does.

pub mod gen;
pub mod guess;
pub mod list_solvers;
pub mod scrabble;
pub mod tictactoe;
pub mod tournament;
