"""Defiant Russia (Avalanche Press, Player's Edition): 1941 in seven monthly turns.

One module per rulebook section as the rules land; ``data/`` holds the components.
"""
