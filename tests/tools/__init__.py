"""The tools around the engine and the app: the command line, its files and output, the fuzz
harness, the wheel, the mutation sample, the benchmarks and the docstring examples."""
