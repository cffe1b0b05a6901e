"""The lesson checkers (moved here from the top level; the package's names are the old
``gin_teach.lessons`` module's)."""

from gin_teach.lessons.hand_checks import *  # noqa: F403
from gin_teach.lessons.hand_checks import __all__ as __all__
