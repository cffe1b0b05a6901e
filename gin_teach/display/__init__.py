"""Card pictures as plain SVG and HTML text.

Everything here returns a string: inline SVG (inside HTML where there is more than cards to
show), with no scripts, no external files and no ids, so the pictures survive being stored in
a notebook and shown on GitHub or nbviewer without a kernel. The pictures of cards, hands and
melds are drawn in :mod:`gin_teach.display.pictures`; rounds, games, settlements and messages
as HTML in :mod:`gin_teach.display.views`. Every name is handed on here, where the notebooks,
the widgets and every ``_repr_html_`` import it.

>>> from gin_teach import Card
>>> card_svg(Card(7, "H")).count('data-card="7H"')
1
"""

from gin_teach.display import pictures, views
from gin_teach.display.pictures import *  # noqa: F403
from gin_teach.display.views import *  # noqa: F403

__all__ = [*pictures.__all__, *views.__all__]
