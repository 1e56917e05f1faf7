"""Arrangements of units several SNO test modules place (one copy, named for what it does)."""

from __future__ import annotations

#: Six Soviet armies two hexes from 1209 all around: a unit in 1209 is out of supply.
RING_1209 = {
    "sov-10-army": "1008",
    "sov-11-army": "1010",
    "sov-13-army": "1207",
    "sov-16-army": "1211",
    "sov-18-army": "1408",
    "sov-19-army": "1410",
}

#: German corps on the five land hexes next to Leningrad (0308; 0309 is the sixth
#: neighbour): the city is cut off and in enemy ZOC.
AROUND_LENINGRAD = {
    "ger-5-corps": "0408",
    "ger-6-corps": "0407",
    "ger-7-corps": "0307",
    "ger-8-corps": "0207",
    "ger-9-corps": "0208",
}
