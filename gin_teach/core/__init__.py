"""The core: cards, rules, the rule kernel and solvers, melds, hands, settlement,
argument checks and wording. Everything else stands on it; it imports nothing above it
(a picture's ``_repr_html_`` reaches :mod:`gin_teach.display` lazily)."""
