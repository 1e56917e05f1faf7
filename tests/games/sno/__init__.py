"""Tests of the Sturm Nach Osten rules engine."""
