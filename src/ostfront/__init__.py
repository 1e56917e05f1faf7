"""Ostfront: Sturm Nach Osten and Defiant Russia on a computer, with every rule enforced."""

__version__ = "0.1.0"
