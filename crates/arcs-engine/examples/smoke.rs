use arcs_engine::*;
use rand::{Rng, SeedableRng};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|x| x.parse().ok())
        .unwrap_or(100);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut total = 0usize;
    let mut buf = Vec::new();
    for g in 0..games {
        let players = 2 + (g % 3) as u8;
        let mut game = Game::new(Config::base(players), g).unwrap();
        let mut steps = 0;
        loop {
            if let Err(e) = invariants::check(game.state()) {
                println!("seed {g} step {steps}: {e}");
                for ev in game.log().iter().rev().take(15).rev() {
                    println!("  {}", ev.text);
                }
                std::process::exit(1);
            }
            let s = game.state();
            let Some(seat) = s.choices_into(&mut buf) else {
                break;
            };
            if buf.is_empty() {
                println!("seed {g}: empty choices");
                std::process::exit(1);
            }
            let c = buf[rng.gen_range(0..buf.len())];
            game.apply(seat, c).unwrap();
            steps += 1;
            if steps > 20000 {
                println!("seed {g}: too long");
                std::process::exit(1);
            }
        }
        total += steps;
        if g < 3 {
            println!(
                "game {g}: {:?} in {steps} choices",
                game.state()
                    .outcome
                    .as_ref()
                    .map(|o| (&o.power, o.winner, &o.reason))
            );
        }
    }
    println!("{games} games, avg {} choices", total as u64 / games);
}
