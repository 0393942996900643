fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|x| x.parse().ok())
        .unwrap_or(300);
    let config = arcs_engine::Config::base(3);
    let mut rng = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(1);
    let mut buf = Vec::new();
    let mut c = 0;
    for g in 0..n {
        c += arcs_engine::bench::random_game(&config, g, &mut rng, &mut buf);
    }
    println!("{c}");
}
