"""Sturm Nach Osten (advanced game): 1941–45 in monthly turns, odds-based combat.

One module per rulebook section as the rules land; ``data/`` holds the components.
"""
