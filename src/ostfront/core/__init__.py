"""The shared core: hex geometry, maps, paths, the action protocol, randomness and records.

It knows no game. Games (``ostfront.games``) build on it; nothing here imports them.
"""
