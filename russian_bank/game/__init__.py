"""The core every game shares, and the doors to the games.

The vocabulary of every game lives here: the cards (``cards.py``), the places of
Diagram I (``places.py``), the events a game emits (``events.py``), how a game ended
(``outcome.py``), its phases (``phases.py``), the record (``record.py``), a game in
progress with its deal, undo and record (``session.py``), the deal as shuffled
(``shuffle.py``) and the errors a text form raises (``errors.py``). The declared game
interface is ``protocol.py``; the registry of games by name, ``registry.py``. This
package imports no game: the games (``engine/``, ``onepack/``) import it."""

from .events import CardsMoved, Event, GameOver
from .outcome import Outcome
from .record import read_record, record_text

__all__ = ["CardsMoved", "Event", "GameOver", "Outcome", "read_record", "record_text"]
