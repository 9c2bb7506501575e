//! What the teaching searches (plain minimax and textbook alpha-beta) keep as they walk a game's
//! tree, one copy for both.

use super::analysis::GameValue;
use super::control::{Meter, Stop};
use super::observe::Observer;
use crate::rules::Rules;
use crate::score::Score;

/// The state of a walk over a game's tree: whose side the values are for, the positions counted,
/// the best line found below each depth and the observer told of every call.
pub(super) struct Walk<'a, G: Rules, O> {
    /// The maximiser: the side to move where the search starts.
    pub player: G::Side,
    pub meter: Meter<'a>,
    /// `pvs[d]` is the best line found from the node at depth `d` (a triangular PV table).
    pub pvs: Vec<Vec<G::Move>>,
    pub observer: &'a mut O,
    /// The move that leads to the call about to start (`None` for the first call on the start),
    /// for the observer: kept here rather than passed down, which made plain minimax about a
    /// tenth slower.
    pub led_by: Option<G::Move>,
}

impl<'a, G: Rules, O: Observer<G>> Walk<'a, G, O> {
    pub fn new(start: &G, meter: Meter<'a>, observer: &'a mut O) -> Self {
        Walk {
            player: start.to_move(),
            meter,
            pvs: vec![Vec::new(); start.plies_left() + 1],
            observer,
            led_by: None,
        }
    }

    /// The game's value once the walk from its start has come back with `value`: with the line
    /// of play from the start and the positions visited.
    pub fn game_value(&mut self, value: Result<Score, Stop>) -> Result<GameValue<G::Move>, Stop> {
        self.meter.flush();
        Ok(GameValue {
            value: value?,
            line: self.pvs[0].clone(),
            nodes: self.meter.nodes,
        })
    }
}
