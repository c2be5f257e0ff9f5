"""Russian Bank (Crapette, Stop) by the 1920 Committee rules."""

__version__ = "0.1.0"
