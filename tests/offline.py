"""What "offline" means for a page the course serves (the static site's pages and settings, the
Voilà apps' page): it names no other host, so nothing in it can send the browser elsewhere.

>>> outside_urls('<svg xmlns="http://www.w3.org/2000/svg"><a href="http://127.0.0.1:8000/x">')
[]
>>> outside_urls('<script src="https://cdn.example.org/mermaid.mjs"></script>')
['https://cdn.example.org/mermaid.mjs']
>>> outside_urls('<svg xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:type '
...              'rdf:resource="http://purl.org/dc/dcmitype/StillImage"/></svg>')
[]
"""

from __future__ import annotations

import re

_URL = re.compile(r"""\bhttps?://[^\s"'<>()\\`]+""", re.IGNORECASE)
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")
# Names that look like addresses but are never fetched: XML namespaces (SVG, XHTML, XLink),
# and any address given as a namespace or an RDF name (an SVG's licence metadata).
NAMESPACES = ("http://www.w3.org/",)
_NAMING = re.compile(r"""(?:xmlns(?::[\w-]+)?|rdf:resource|rdf:about)\s*=\s*["']$""")


def outside_urls(text: str) -> list[str]:
    """Every address in ``text`` on a host other than this machine, namespaces aside."""
    found = []
    for match in _URL.finditer(text):
        url = match.group(0)
        host = url.split("//", 1)[1].split("/", 1)[0].split(":", 1)[0].lower()
        if host in LOCAL_HOSTS or url.lower().startswith(NAMESPACES):
            continue
        if _NAMING.search(text[max(0, match.start() - 40):match.start()]):
            continue
        found.append(url)
    return found
