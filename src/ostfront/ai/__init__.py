"""Players that choose among a game's legal actions, and tools to pit them against each other."""
