"""Forms: they check only the shape of input; the rules judge the rest."""

from __future__ import annotations

from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import (
    BooleanField,
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

from companion.rules.editions import GOODS_EACH_PASS
from companion.rules.setup import MAX_NAME

PIECE_COLORS = ("red", "blue", "green", "yellow", "black")
SEATS = 5


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
    house_rules = SelectMultipleField(
        "House rules",
        choices=[
            SelectChoice(
                GOODS_EACH_PASS,
                "Märklin: a passenger passing a city twice in one trip takes a token each time",
            )
        ],
        validators=[Optional()],
    )


class ClaimForm(FlaskForm):
    """Claim a route for a player."""

    player = StringField(validators=[InputRequired(), Length(max=100)])
    route = IntegerField(validators=[InputRequired(), NumberRange(min=0)])
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
    deck = IntegerField(validators=[Optional(), NumberRange(min=0)])


class TrackForm(FlaskForm):
    """What the score track on the board says for a player."""

    player = StringField(validators=[InputRequired(), Length(max=100)])
    points = IntegerField("The track says", validators=[Optional(), NumberRange(-999, 9999)])


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
    route = IntegerField(validators=[Optional(), NumberRange(min=0)])
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
    """The form's first error, in words."""
    for name, errors in form.errors.items():
        label = getattr(getattr(form, name, None), "label", None)
        field = label.text if label is not None and label.text else name
        first = errors[0] if isinstance(errors, list) and errors else errors
        return f"{field}: {first}"
    return "That form was not filled in right."
