//! Quick speed probe: uniformly random 3-player games on the bare state.
use arcs_engine::*;
use rand::{Rng, SeedableRng};
fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|x| x.parse().ok())
        .unwrap_or(2000);
    let players: u8 = std::env::args()
        .nth(2)
        .and_then(|x| x.parse().ok())
        .unwrap_or(3);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut buf = Vec::new();
    let mut choices = 0u64;
    let start = std::time::Instant::now();
    for g in 0..n {
        let mut s = arcs_engine::setup::new_state(&Config::base(players), g).unwrap();
        s.advance(&mut NoEvents);
        while let Some(_seat) = s.choices_into(&mut buf) {
            let c = buf[rng.gen_range(0..buf.len())];
            s.apply_unchecked(c, &mut NoEvents);
            choices += 1;
        }
    }
    let t = start.elapsed().as_secs_f64();
    println!(
        "{n} games in {t:.2}s: {:.0} games/s, {:.0} choices/s, {:.0} choices/game, state {} bytes",
        n as f64 / t,
        choices as f64 / t,
        choices as f64 / n as f64,
        std::mem::size_of::<GameState>()
    );
}
