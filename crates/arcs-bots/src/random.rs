//! Uniformly random legal play.

use crate::Agent;
use arcs_engine::view::Observation;
use arcs_engine::Choice;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub struct RandomAgent {
    rng: ChaCha8Rng,
}

impl RandomAgent {
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Agent for RandomAgent {
    fn name(&self) -> String {
        "random".into()
    }
    fn choose(&mut self, _obs: &Observation, choices: &[Choice]) -> usize {
        self.rng.gen_range(0..choices.len().max(1))
    }
}
