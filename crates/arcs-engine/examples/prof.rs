//! Profiling workload: `prof [GAMES] [base|campaign] [PLAYERS]` plays random
//! games on the bare state (run it under cachegrind, docs/performance.md).
fn main() {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().and_then(|x| x.parse().ok()).unwrap_or(300);
    let mode = args.next().unwrap_or_else(|| "base".into());
    let players: u8 = args.next().and_then(|x| x.parse().ok()).unwrap_or(3);
    let config = match mode.as_str() {
        "campaign" => arcs_engine::Config::campaign(players),
        _ => arcs_engine::Config::base(players),
    };
    let mut rng = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(1);
    let mut buf = Vec::new();
    let mut c = 0;
    for g in 0..n {
        c += arcs_engine::bench::random_game(&config, g, &mut rng, &mut buf);
    }
    println!("{c}");
}
