"""Forms: they check only the shape of input; the rules judge the rest.

Labels and choices are messages (``companion.rules.words``): put into words when a page
shows them, in the page's language. WTForms' own messages come in it too (Flask-WTF)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

from flask import current_app
from flask_wtf.file import FileField, FileRequired
from flask_wtf.i18n import translations as wtforms_translations
from wtforms import (
    BooleanField,
    Field,
    FieldList,
    Form,
    FormField,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)

# SelectChoice is new in WTForms 3.3; types-WTForms still describes WTForms 3.2.
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]
from wtforms.form import BaseForm
from wtforms.meta import DefaultMeta
from wtforms.validators import AnyOf, InputRequired, Length, NumberRange, Optional, Regexp

from companion.rules.colors import PIECE_COLORS, color_words
from companion.rules.event import MOST_PLAYERS, STAGES
from companion.rules.setup import MAX_NAME
from companion.rules.untrusted import MAX_INT
from companion.rules.words import Message, Translator, _
from companion.web.game_store import TRACK_POINTS
from companion.web.group_store import MAX_NAME as GROUP_NAME
from companion.web.stamps import Stamp

if TYPE_CHECKING:

    class FlaskForm(Form):
        """Flask-WTF's form, which ships no types, as the views use it: filled in from the
        request, with its protection against other sites."""

        def is_submitted(self) -> bool: ...

        def validate_on_submit(
            self, extra_validators: Mapping[str, Sequence[Any]] | None = None
        ) -> bool: ...

else:
    from flask_wtf import FlaskForm

_T = TypeVar("_T")

SEATS = 5
# Routes and deck tickets are numbered from 0; no board has this many.
MOST_IDS = 9999
# The most digits ``small_int`` reads: more than any number a page asks for.
MOST_DIGITS = 6


def small_int(text: str | None, below: int) -> int | None:
    """The whole number ``text`` writes in ASCII digits (0 to 9 only, at most
    ``MOST_DIGITS`` of them) when it is below ``below``; otherwise None.

    For numbers read from an address or a form by hand: ``str.isdigit`` also takes "²",
    which ``int`` refuses, and ``int`` refuses thousands of digits."""
    if text is None or not (0 < len(text) <= MOST_DIGITS and text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if value < below else None


def label(message: Message) -> str:
    """A field's label: the message itself, put into words each time a page shows it.

    WTForms shows a label through ``markupsafe.escape``, which puts a message into words
    (``Message.__html__``), though WTForms' type stubs call a label ``str``."""
    return cast(str, message)


def required(value: _T | None) -> _T:
    """The value of a field its form requires (``InputRequired``), once the form has been
    validated: it is never empty then."""
    if value is None:
        raise ValueError("a required field was read before its form was validated")
    return value


class SeatForm(Form):
    """One seat at the table: a name (blank for an empty seat) and a train colour."""

    class Meta(DefaultMeta):
        def get_translations(self, form: BaseForm) -> Translator:
            """WTForms' own messages in the page's language, as a ``FlaskForm`` has them."""
            if not current_app.config.get("WTF_I18N_ENABLED", True):
                return super().get_translations(form)
            translations: Translator = wtforms_translations
            return translations

    name = StringField(label(_("Name")), validators=[Optional(), Length(max=MAX_NAME)])
    color = SelectField(
        label(_("Trains")), choices=[SelectChoice(c, color_words(c)) for c in PIECE_COLORS]
    )
    trains = IntegerField(label(_("Trains")), validators=[Optional(), NumberRange(0, 99)])
    ships = IntegerField(label(_("Ships")), validators=[Optional(), NumberRange(0, 99)])


class NewGameForm(FlaskForm):
    """A new game: the map and the players in seat order."""

    map = SelectField(label(_("Map")))
    seats = FieldList(FormField(SeatForm), label(_("Seats")), min_entries=SEATS, max_entries=SEATS)
    dice = BooleanField(label(_("Play with the Dice Expansion")))
    # The ticket decks and bonuses (rules/variants.py), checked against the map chosen.
    variant = StringField(label(_("Ticket decks")), validators=[Optional(), Length(max=20)])
    # The choices are each edition's house rules, set by the view.
    house_rules = SelectMultipleField(label(_("House rules")), choices=[], validators=[Optional()])


# The labels of the fields a page fills in itself (hidden, or picked by a tap): a refusal
# names them ("Route: This field is required.").
PLAYER = _("Player")
ROUTE = _("Route")
PASSENGER = _("Passenger")
CITY = _("City")
TAKE = _("Take")
# The tokens given back with a claim: single track, double track.
BACK_SINGLE = _("Back Single")
BACK_DOUBLE = _("Back Double")


# A page's one-time token: URL-safe letters and digits.
TOKEN = r"^[A-Za-z0-9_-]{8,64}$"
PAGE = _("Page")


# Where a form was sent from, when it goes back there after it: the board picture.
THEN, BOARD = _("Then"), "board"


class Stamped(FlaskForm):
    """A form that writes: it says what its page was made on (``stamp``), so that a
    repeated submit records nothing twice and a page out of date records no turn."""

    seen = IntegerField(label(PAGE), validators=[Optional(), NumberRange(0, MAX_INT)])
    token = StringField(label(PAGE), validators=[Optional(), Regexp(TOKEN)])
    # A tap that waited on its page while the phone was offline (``stamps``).
    tap = StringField(label(PAGE), validators=[Optional(), Regexp(TOKEN)])

    @property
    def stamp(self) -> Stamp:
        """What the page was made on, for the store."""
        return Stamp(self.seen.data, self.token.data or None, self.tap.data or None)


class ClaimForm(Stamped):
    """Claim a route for a player."""

    player = StringField(label(PLAYER), validators=[InputRequired(), Length(max=100)])
    route = IntegerField(label(ROUTE), validators=[InputRequired(), NumberRange(0, MOST_IDS)])
    passenger = StringField(label(PASSENGER), validators=[Optional(), Length(max=100)])
    back_single = IntegerField(label(BACK_SINGLE), validators=[Optional(), NumberRange(0, 3)])
    back_double = IntegerField(label(BACK_DOUBLE), validators=[Optional(), NumberRange(0, 3)])
    # Where the claim was tapped: "board" goes back to the board picture after it.
    then = StringField(label(THEN), validators=[Optional(), AnyOf([BOARD])])


class TurnForm(Stamped):
    """A turn that puts nothing on the board: the player drew train cards or tickets."""

    player = StringField(label(PLAYER), validators=[InputRequired(), Length(max=100)])
    drew = SelectField(
        label(_("Drew")),
        choices=[SelectChoice("", ""), SelectChoice("cards", ""), SelectChoice("tickets", "")],
        validators=[Optional()],
    )
    then = StringField(label(THEN), validators=[Optional(), AnyOf([BOARD])])


class UndoForm(FlaskForm):
    """Undo: names the action the page showed as the last (its place in the log), which
    is all it needs to be undone once and never to take back another."""

    action = IntegerField(label(_("Action")), validators=[InputRequired(), NumberRange(0, MAX_INT)])
    then = StringField(label(THEN), validators=[Optional(), AnyOf([BOARD])])


class ConfirmForm(FlaskForm):
    """A form with nothing but its protection: undo, take back a ticket."""


class TicketForm(Stamped):
    """A revealed ticket: from the deck by its cities, or any two cities and its value."""

    player = StringField(label(PLAYER), validators=[InputRequired(), Length(max=100)])
    city_a = StringField(label(_("From")), validators=[Optional(), Length(max=100)])
    city_b = StringField(label(_("To")), validators=[Optional(), Length(max=100)])
    points = IntegerField(label(_("Value")), validators=[Optional(), NumberRange(min=1, max=99)])
    deck = IntegerField(label(_("Deck")), validators=[Optional(), NumberRange(0, MOST_IDS)])


class TrackForm(FlaskForm):
    """What the score track on the board says for a player."""

    player = StringField(label(PLAYER), validators=[InputRequired(), Length(max=100)])
    points = IntegerField(
        label(_("The track says")), validators=[Optional(), NumberRange(*TRACK_POINTS)]
    )


class CityForm(Stamped):
    """A turn naming a city: build a port (Rails & Sails) or a station (Europe)."""

    player = StringField(label(PLAYER), validators=[InputRequired(), Length(max=100)])
    city = StringField(label(CITY), validators=[InputRequired(), Length(max=100)])


class ExchangeForm(Stamped):
    """Trade pieces with the box (Rails & Sails): how many, and which kind is taken."""

    player = StringField(label(PLAYER), validators=[InputRequired(), Length(max=100)])
    count = IntegerField(label(_("Pieces")), validators=[InputRequired(), NumberRange(1, 50)])
    take = SelectField(
        label(TAKE),
        choices=[
            SelectChoice("ships", _("ships for trains")),
            SelectChoice("trains", _("trains for ships")),
        ],
    )


class DiceForm(Stamped):
    """A dice turn: the player, the five faces, what they do, the tokens taken, tunnels."""

    player = StringField(label(PLAYER), validators=[InputRequired(), Length(max=100)])
    faces = StringField(label(_("Faces")), validators=[InputRequired(), Length(max=100)])
    play = StringField(label(_("Play")), validators=[InputRequired(), Length(max=20)])
    route = IntegerField(label(ROUTE), validators=[Optional(), NumberRange(0, MOST_IDS)])
    tickets = IntegerField(label(_("Tickets")), validators=[Optional(), NumberRange(1, 5)])
    take = StringField(label(TAKE), validators=[Optional(), Length(max=10)])
    tunnel = IntegerField(label(_("Tunnel")), validators=[Optional(), NumberRange(0, 3)])
    city = StringField(label(CITY), validators=[Optional(), Length(max=100)])
    passenger = StringField(label(PASSENGER), validators=[Optional(), Length(max=100)])
    back_single = IntegerField(label(BACK_SINGLE), validators=[Optional(), NumberRange(0, 3)])
    back_double = IntegerField(label(BACK_DOUBLE), validators=[Optional(), NumberRange(0, 3)])


class TripForm(Stamped):
    """A passenger's trip: the player and the cities in order, joined by "|"."""

    player = StringField(label(PLAYER), validators=[InputRequired(), Length(max=100)])
    path = StringField(label(_("Path")), validators=[InputRequired(), Length(max=2000)])


class GroupForm(FlaskForm):
    """A new group, or a group's new name."""

    name = StringField(label(_("Name")), validators=[Length(max=GROUP_NAME)])


class MergeForm(FlaskForm):
    """Two spellings of one person."""

    spelling = StringField(
        label(_("This name")), validators=[InputRequired(), Length(max=MAX_NAME)]
    )
    person = StringField(
        label(_("is the same person as")), validators=[InputRequired(), Length(max=MAX_NAME)]
    )


class TelegramPersonForm(FlaskForm):
    """Which of the group's players the Telegram user who opened the page is."""

    person = StringField(label(_("I am")), validators=[InputRequired(), Length(max=MAX_NAME)])


class UnmergeForm(FlaskForm):
    """A spelling that is its own person again."""

    spelling = HiddenField(label(_("Name")), validators=[InputRequired(), Length(max=MAX_NAME)])


class EventForm(FlaskForm):
    """A new event: its name, its players (a name a line), its map, the players a table
    seats, its rounds, how its standings rank, and whether a tie the rule book leaves goes
    to the later seat."""

    name = StringField(label(_("Name")), validators=[Length(max=GROUP_NAME)])
    players = TextAreaField(
        label(_("Players, a name a line")),
        validators=[InputRequired(), Length(max=MOST_PLAYERS * (MAX_NAME + 2))],
    )
    map = SelectField(label(_("Map")))
    seats = IntegerField(
        label(_("Players a table")), validators=[InputRequired(), NumberRange(2, 5)], default=4
    )
    rounds = IntegerField(
        label(_("Rounds")), validators=[InputRequired(), NumberRange(1, 12)], default=3
    )
    # The ticket decks (rules/variants.py), checked against the map chosen.
    variant = StringField(label(_("Ticket decks")), validators=[Optional(), Length(max=20)])
    method = RadioField(label(_("The standings rank by")), default="wins")
    later_seat = RadioField(label(_("A tie the rule book's tiebreakers leave")), default="first")
    at_time = RadioField(label(_("When a round's time is up")), default="round")
    # None sent: the organizer's own (``language_code`` reads what is sent).
    language = SelectField(label(_("The room's screen and the files speak")), validate_choice=False)


DROPOUT_CHOICES = ("finish", "go-on", "give-up")


class EventEntryForm(FlaskForm):
    """One of the organizer's entries: the round and table it is about, the player, and
    the seed of the round's draw the page showed (a re-draw sent twice draws once)."""

    round = IntegerField(label(_("Round")), validators=[Optional(), NumberRange(1, 100)])
    table = IntegerField(label(_("Table")), validators=[Optional(), NumberRange(1, 200)])
    tables = SelectMultipleField(label(_("Tables")), choices=[], validate_choice=False)
    player = StringField(label(_("Player")), validators=[Optional(), Length(max=MAX_NAME)])
    seed = HiddenField(label(_("Draw")), validators=[Optional(), Length(max=32)])
    # Who takes a dropout's freed seat (none: the table plays one short).
    by = StringField(label(_("Who takes the seat")), validators=[Optional(), Length(max=MAX_NAME)])
    minutes = IntegerField(label(_("Minutes")), validators=[Optional(), NumberRange(1, 600)])
    # A dropout whose table has begun: they finish the game, the table goes on without
    # them, or the game is given up.
    after = StringField(
        label(_("If their table has begun")),
        validators=[Optional(), AnyOf(DROPOUT_CHOICES)],
    )
    # A table's own map and ticket decks: "map/variant".
    board = StringField(label(_("Map")), validators=[Optional(), Length(max=64)])
    # A stage after the heats, and how many players advance to it.
    stage = StringField(label(_("Stage")), validators=[Optional(), AnyOf(STAGES)])
    advancing = IntegerField(
        label(_("Players advancing")), validators=[Optional(), NumberRange(2, 400)]
    )


class TakeOutForm(FlaskForm):
    """A game that no longer counts in its group."""

    game = HiddenField(label(_("Game")), validators=[InputRequired(), Length(max=64)])


class ImportForm(FlaskForm):
    """A game record file to import."""

    record = FileField(label(_("Game record (JSON)")), validators=[FileRequired()])


def form_problem(form: FlaskForm) -> str:
    """The form's first error, in words: "Trains: Number must be between 0 and 99."."""
    for name, error in _errors(form):
        return str(_("%(field)s: %(error)s", field=name, error=error))
    return str(_("That form was not filled in right."))


def _errors(form: Form) -> Iterator[tuple[str, str]]:
    """Each field's errors, those of the forms inside it (a seat's) included."""
    for field in form:
        if isinstance(field, FieldList | FormField):
            entries = field.entries if isinstance(field, FieldList) else [field]
            for entry in entries:
                if isinstance(entry, FormField):
                    yield from _errors(entry.form)
                else:
                    yield from ((_label(entry), str(e)) for e in entry.errors)
        else:
            yield from ((_label(field), str(e)) for e in field.errors)


def _label(field: Field) -> str:
    """The field's label in the page's language (its name if it has none)."""
    return str(field.label.text) if field.label is not None and field.label.text else field.name
