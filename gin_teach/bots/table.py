"""The table as the computer players read it: :mod:`gin_teach.table_view`, under the name the
bots have always imported it by."""

from gin_teach.table_view import (
    ALL_CARDS,
    POINTS,
    TableView,
    bits_of,
    completes_meld,
    discard_or_knock,
    first_of,
)

__all__ = ["ALL_CARDS", "POINTS", "TableView", "bits_of", "completes_meld", "discard_or_knock",
           "first_of"]
