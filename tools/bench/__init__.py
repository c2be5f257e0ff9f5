"""Benchmarks that print figures: ``python -m tools.bench engine|ui``."""
