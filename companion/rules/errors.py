"""One small hierarchy of errors, each with a message a player understands (a ``Message``,
put into words in the language spoken when it is shown)."""

from __future__ import annotations

from companion.rules.words import Message, Text, Translator, _
from companion.rules.words import spoken as _spoken


class CompanionError(ValueError):
    """Anything the companion refuses: a bad map file, a bad record, an illegal action."""

    def say(self, translator: Translator) -> str:
        """The refusal in ``translator``'s language (``str()``: in the language spoken)."""
        reason = self.args[0] if self.args else ""
        return reason.say(translator) if isinstance(reason, Message) else str(self)


class BoardError(CompanionError):
    """A map file that does not describe a board: names the file, the entry, the problem."""

    def __init__(self, file: str, entry: str, problem: str) -> None:
        self.file, self.entry, self.problem = file, entry, problem
        super().__init__(f"{file}: {entry}: {problem}")


class RecordError(CompanionError):
    """A game record that is not in the format: says where (``actions[3]``) and what."""

    def __init__(self, where: str, problem: Text) -> None:
        self.where, self.problem = where, problem
        super().__init__(
            _("%(where)s: %(problem)s", where=where, problem=problem) if where else problem
        )


class SetupError(CompanionError):
    """A game that cannot be set up: wrong number of players, two players with one name."""


class IllegalAction(CompanionError):
    """An action the rules refuse. ``index`` is its place in the action log, once known."""

    def __init__(self, message: Text, index: int | None = None) -> None:
        self.message, self.index = message, index
        super().__init__(message)

    def at(self, index: int) -> IllegalAction:
        """The same refusal, placed at ``index`` in the action log."""
        return IllegalAction(self.message, index)

    def __str__(self) -> str:
        return self.say(_spoken())

    def say(self, translator: Translator) -> str:
        if self.index is None:
            message = self.message
        else:
            message = _("actions[%(index)d]: %(message)s", index=self.index, message=self.message)
        return message if isinstance(message, str) else message.say(translator)


class EventError(CompanionError):
    """An event that can't be run as asked: a table size the map doesn't seat, too few
    players for a round, a player listed twice."""


class PhotoError(CompanionError):
    """A photo that can't be read as a board: not an image, too large, cut short, no board
    found in it, or corners that don't outline one."""
