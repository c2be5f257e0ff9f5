"""Benchmarks that print figures: ``python -m russian_bank.bench engine|ui``."""
