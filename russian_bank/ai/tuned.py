"""The Master's evaluation weights, fitted by self-play (issue 22).

Written by ``python tools/tune.py --games 40 --seed 22 --ridge 0.01``; do not edit by
hand. 5957 positions from 40 Expert games; R squared of the final
score on the terms 0.343; a Hand card left was worth 1.24 points of the
final score, and every weight is divided by that (a Hand card = 1).
"""

from __future__ import annotations

from .evaluate import Weights

TUNED = Weights(
    stock_card=0.918,
    hand_card=1.0,
    space=6.583,
    bankable=2.885,
    near_bank=1.145,
    fits_table=-1.263,
    fits_space=7.15,
    fits_load=0.217,
    not_mover=0.5,
    shape=0.953,
    table_load=1.15,
    mover=1.486,
    stuck_stock=5.956,
    play_cost=0.03,
)
