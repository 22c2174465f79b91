//! The searches over whole turns to the end of a game: the exact endgame with the bag empty
//! ([`endgame`]), its position and turns (`position`), made and unmade in place (`in_place`), its transposition table
//! (`transposition`) and its cache of move lists (`turn_cache`), and the one-tile pre-endgame that
//! solves an endgame for every draw ([`pre_endgame`]).

pub mod endgame;
mod in_place;
mod position;
pub mod pre_endgame;
mod transposition;
mod turn_cache;
