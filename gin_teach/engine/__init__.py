"""The game engine: moves, the round and game state machines, their records, refusals,
saves and the score sheet."""
