"""Forms: they check only the shape of input; the rules judge the rest."""

from __future__ import annotations

from collections.abc import Iterator

from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import (
    BooleanField,
    Field,
    FieldList,
    Form,
    FormField,
    IntegerField,
    SelectField,
    SelectMultipleField,
    StringField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from companion.rules.setup import MAX_NAME
from companion.web.store import TRACK_POINTS

PIECE_COLORS = ("red", "blue", "green", "yellow", "black")
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


class SeatForm(Form):
    """One seat at the table: a name (blank for an empty seat) and a train colour."""

    name = StringField("Name", validators=[Optional(), Length(max=MAX_NAME)])
    color = SelectField("Trains", choices=[SelectChoice(c, c) for c in PIECE_COLORS])
    trains = IntegerField("Trains", validators=[Optional(), NumberRange(0, 99)])
    ships = IntegerField("Ships", validators=[Optional(), NumberRange(0, 99)])


class NewGameForm(FlaskForm):
    """A new game: the map and the players in seat order."""

    map = SelectField("Map")
    seats = FieldList(FormField(SeatForm), min_entries=SEATS, max_entries=SEATS)
    dice = BooleanField("Play with the Dice Expansion")
    # The choices are each edition's house rules, set by the view.
    house_rules = SelectMultipleField("House rules", choices=[], validators=[Optional()])


class ClaimForm(FlaskForm):
    """Claim a route for a player."""

    player = StringField(validators=[InputRequired(), Length(max=100)])
    route = IntegerField(validators=[InputRequired(), NumberRange(0, MOST_IDS)])
    passenger = StringField(validators=[Optional(), Length(max=100)])
    back_single = IntegerField(validators=[Optional(), NumberRange(0, 3)])
    back_double = IntegerField(validators=[Optional(), NumberRange(0, 3)])


class PlayerForm(FlaskForm):
    """An action that names only a player: a turn taken drawing cards or tickets."""

    player = StringField(validators=[InputRequired(), Length(max=100)])


class ConfirmForm(FlaskForm):
    """A form with nothing but its protection: undo, take back a ticket."""


class TicketForm(FlaskForm):
    """A revealed ticket: from the deck by its cities, or any two cities and its value."""

    player = StringField(validators=[InputRequired(), Length(max=100)])
    city_a = StringField("From", validators=[Optional(), Length(max=100)])
    city_b = StringField("To", validators=[Optional(), Length(max=100)])
    points = IntegerField("Value", validators=[Optional(), NumberRange(min=1, max=99)])
    deck = IntegerField(validators=[Optional(), NumberRange(0, MOST_IDS)])


class TrackForm(FlaskForm):
    """What the score track on the board says for a player."""

    player = StringField(validators=[InputRequired(), Length(max=100)])
    points = IntegerField("The track says", validators=[Optional(), NumberRange(*TRACK_POINTS)])


class CityForm(FlaskForm):
    """A turn naming a city: build a port (Rails & Sails) or a station (Europe)."""

    player = StringField(validators=[InputRequired(), Length(max=100)])
    city = StringField(validators=[InputRequired(), Length(max=100)])


class ExchangeForm(FlaskForm):
    """Trade pieces with the box (Rails & Sails): how many, and which kind is taken."""

    player = StringField(validators=[InputRequired(), Length(max=100)])
    count = IntegerField("Pieces", validators=[InputRequired(), NumberRange(1, 50)])
    take = SelectField(
        "Take",
        choices=[
            SelectChoice("ships", "ships for trains"),
            SelectChoice("trains", "trains for ships"),
        ],
    )


class DiceForm(FlaskForm):
    """A dice turn: the player, the five faces, what they do, the tokens taken, tunnels."""

    player = StringField(validators=[InputRequired(), Length(max=100)])
    faces = StringField(validators=[InputRequired(), Length(max=100)])
    play = StringField(validators=[InputRequired(), Length(max=20)])
    route = IntegerField(validators=[Optional(), NumberRange(0, MOST_IDS)])
    tickets = IntegerField(validators=[Optional(), NumberRange(1, 5)])
    take = StringField(validators=[Optional(), Length(max=10)])
    tunnel = IntegerField(validators=[Optional(), NumberRange(0, 3)])
    city = StringField(validators=[Optional(), Length(max=100)])
    passenger = StringField(validators=[Optional(), Length(max=100)])
    back_single = IntegerField(validators=[Optional(), NumberRange(0, 3)])
    back_double = IntegerField(validators=[Optional(), NumberRange(0, 3)])


class TripForm(FlaskForm):
    """A passenger's trip: the player and the cities in order, joined by "|"."""

    player = StringField(validators=[InputRequired(), Length(max=100)])
    path = StringField(validators=[InputRequired(), Length(max=2000)])


class ImportForm(FlaskForm):
    """A game record file to import."""

    record = FileField("Game record (JSON)", validators=[FileRequired()])


def form_problem(form: FlaskForm) -> str:
    """The form's first error, in words: "Trains: Number must be between 0 and 99."."""
    for label, error in _errors(form):
        return f"{label}: {error}"
    return "That form was not filled in right."


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
    return field.label.text if field.label is not None and field.label.text else field.name
