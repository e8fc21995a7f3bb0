"""The ``companion`` command: Flask's commands (``companion run``) plus ``companion score``,
``serve``, ``backup`` and ``restore``."""

from __future__ import annotations

import io
import json
import math
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO, TypeVar

import click

from companion.catalogs import DEFAULT, LANGUAGES, language_code, translator
from companion.render.json_sheet import sheet_to_json
from companion.render.text_sheet import sheet_to_text
from companion.rules.errors import CompanionError, RecordError
from companion.rules.record import parse_record
from companion.rules.untrusted import load_record_json, one_line
from companion.rules.words import _, speaking

T = TypeVar("T")

MAX_RECORD_BYTES = 5_000_000


def _create_app():  # type: ignore[no-untyped-def]
    """The app, or one line saying what stops it from starting (exit status 1)."""
    from companion.web.serve import check

    app = check()
    if isinstance(app, str):
        click.echo(f"companion: {app}", err=True)
        sys.exit(1)
    return app


class Commands(click.Group):
    """The companion's own commands, then Flask's (``run``, ``routes``, ``shell``): Flask
    is imported only by a command that needs the app, so that ``companion score`` starts
    as fast as the rules load."""

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        return super().get_command(ctx, name) or self._flask(ctx).get_command(ctx, name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self._flask(ctx).list_commands(ctx)})

    @staticmethod
    def _flask(ctx: click.Context) -> click.Group:
        """Flask's commands, the app made by ``_create_app`` for them."""
        from flask.cli import FlaskGroup, ScriptInfo

        os.environ["FLASK_RUN_FROM_CLI"] = "true"  # as Flask's own group says
        if not isinstance(ctx.obj, ScriptInfo):
            ctx.obj = ScriptInfo(create_app=_create_app)
        return FlaskGroup(create_app=_create_app, add_version_option=False, load_dotenv=False)


@click.group(cls=Commands)
def cli() -> None:
    """Ticket to Ride table companion."""


def _language(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """The code of the language asked for ("ru", "ru_RU", "RU"), else a usage error."""
    code = language_code(value)
    if code is None:
        known = ", ".join(f"{c} ({name})" for c, name in LANGUAGES.items())
        raise click.BadParameter(f"'{value}' is not a language the companion speaks: {known}.")
    return code


def _lang_option(what: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """The ``--lang`` option of a command that prints ``what``."""
    return click.option(
        "--lang",
        "lang",
        default=DEFAULT,
        show_default=True,
        metavar="CODE",
        callback=_language,
        help=(
            f"The language of {what} and of the refusals: "
            + ", ".join(f"{c} ({name})" for c, name in LANGUAGES.items())
            + ". English unless given; the JSON keys are the same in every language."
        ),
    )


@cli.command("score")
@click.argument("game", metavar="GAME.json")
@click.option("--json", "as_json", is_flag=True, help="Print the sheet as JSON.")
@_lang_option("the sheet")
def score(game: str, as_json: bool, lang: str) -> None:
    """Replay a game record, referee every action, and print the final score sheet.

    GAME.json is a game record (docs/record-format.md); '-' reads it from standard input.
    Exit status 2, with one line saying why, for a record that can't be scored.
    """
    with speaking(translator(lang)):
        with _exit_2_on_refusal("score"):
            sheet = parse_record(_record_json(game)).score()
        if as_json:
            click.echo(json.dumps(sheet_to_json(sheet), ensure_ascii=False, indent=2))
        else:
            click.echo(sheet_to_text(sheet), nl=False)


@cli.command("photo")
@click.argument("photo", metavar="PHOTO")
@click.option("--map", "map_id", required=True, metavar="MAP", help="The board's map: usa.")
@click.option(
    "--corners",
    metavar='"x,y x,y x,y x,y"',
    help=(
        "The board's four outer corners (the outside edge of the score track) in the photo's "
        "pixels: top-left, top-right, bottom-right, bottom-left. Found in the photo if not given."
    ),
)
@click.option(
    "--claims",
    metavar="FILE",
    help="The claims as recorded (docs/photo.md), to check the photo against.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the reading as JSON.")
@_lang_option("the report")
def photo(
    photo: str, map_id: str, corners: str | None, claims: str | None, as_json: bool, lang: str
) -> None:
    """Read a photo of the board: which player's pieces stand on each route; with --claims,
    where the board and the record disagree.

    PHOTO is a JPEG, HEIC, PNG or WebP file; '-' reads it from standard input. Exit status
    2, with one line saying why, for a photo that can't be read.
    """
    from companion.photo.claims import parse_claims
    from companion.photo.layout import layout_ids, load_layout
    from companion.photo.limits import MAX_BYTES
    from companion.photo.reading import read_photo
    from companion.photo.report import reading_to_json, reading_to_text

    with speaking(translator(lang)):
        with _exit_2_on_refusal("photo"):
            if map_id not in layout_ids():
                raise CompanionError(
                    _(
                        "photos of the board '%(map)s' can't be read: only of %(maps)s",
                        map=map_id[:40],
                        maps=", ".join(layout_ids()),
                    )
                )
            board = load_layout(map_id).board
            points = _corners(corners) if corners is not None else None
            recorded = parse_claims(_record_json(claims), board) if claims is not None else None
            reading = read_photo(_read_bytes(photo, MAX_BYTES), map_id, points, recorded)
        if as_json:
            click.echo(json.dumps(reading_to_json(reading), ensure_ascii=False, indent=2))
        else:
            click.echo(reading_to_text(reading), nl=False)


@contextmanager
def _exit_2_on_refusal(command: str) -> Iterator[None]:
    """A refusal (a record, a photo or a file that can't be used) said on one line of
    standard error, and exit status 2."""
    try:
        yield
    except CompanionError as error:
        click.echo(f"companion {command}: {one_line(str(error))}", err=True)
        sys.exit(2)


def _record_json(source: str) -> Any:
    """The JSON of a record (or of claims) read from ``source`` (``-``: standard input),
    or why not, saying where."""
    try:
        return load_record_json(_read(source))
    except RecordError as error:
        raise CompanionError(_("%(where)s: %(problem)s", where=source, problem=error)) from None


def _corners(text: str) -> list[list[float]]:
    """ "x,y x,y x,y x,y" as four points, or a refusal saying how to write them."""
    points: list[list[float]] = []
    for part in text.replace(";", " ").split():
        try:
            x, y = (float(v) for v in part.split(","))
        except ValueError:
            points = []
            break
        points.append([x, y])
    if len(points) != 4 or not all(math.isfinite(v) for p in points for v in p):
        raise CompanionError(
            _(
                'give the four corners as "x,y x,y x,y x,y": top-left, top-right, '
                "bottom-right, bottom-left"
            )
        )
    return points


def _read_bytes(path: str, most: int) -> bytes:
    """At most ``most`` + 1 bytes of the file (standard input for '-'): one more than may
    be tells the caller it is too large."""
    try:
        if path == "-":
            return sys.stdin.buffer.read(most + 1)
        with Path(path).open("rb") as file:
            return file.read(most + 1)
    except OSError as error:
        raise CompanionError(
            _("%(where)s: cannot read it (%(reason)s)", where=path, reason=error.strerror)
        ) from None


@cli.command("backup")
@click.argument("file", metavar="FILE", default="-")
@click.option(
    "--check",
    "check_only",
    is_flag=True,
    help="Read FILE, a backup, through and say whether it is whole; no database is opened.",
)
@click.pass_context
def backup(ctx: click.Context, file: str, check_only: bool) -> None:
    """Write the whole site (games with their full logs, groups, merges, events) to FILE.

    FILE is JSON Lines; '-' (the default) writes to standard output. The database is the
    one the app uses (DATABASE_URL, else the instance's SQLite file). With --check, FILE
    is read instead: exit status 0 if it is whole, 2 with the line and the reason if not.
    """
    if check_only:
        from companion.web.backup import check

        checked = _backup_lines(file, "backup --check", check)
        if not checked.checked:
            click.echo(
                f"companion backup --check: {file} was made by an earlier companion and"
                " carries no check of its own: whether it is whole can't be told",
                err=True,
            )
            sys.exit(2)
        said = ", ".join(f"{table} {count}" for table, count in checked.rows.items())
        click.echo(f"companion backup --check: {file} is whole: {said}")
        if checked.newer:
            click.echo(
                f"companion backup --check: made by a newer companion ({', '.join(checked.newer)}"
                " unknown here): restore it with --accept-newer to leave those out"
            )
        return
    from companion.web.backup import backup as lines

    try:
        out = _stdout() if file == "-" else Path(file).open("w", encoding="utf-8", newline="")
    except OSError as error:
        click.echo(f"companion backup: {file}: {error.strerror}", err=True)
        sys.exit(2)
    with _app_context(ctx), out:
        for line in lines():
            out.write(line + "\n")


@cli.command("restore")
@click.argument("file", metavar="FILE")
@click.option(
    "--accept-newer",
    is_flag=True,
    help="Leave out the tables and columns a newer companion added, rather than refuse them.",
)
@click.pass_context
def restore(ctx: click.Context, file: str, accept_newer: bool) -> None:
    """Read a backup (made by 'companion backup') into the app's database, which must
    hold nothing yet; '-' reads standard input. All of it, or nothing: a file that is not
    whole (cut short, changed, a row the schema would not hold) is refused, exit status 2
    with the line and the reason.
    """
    from companion.web.backup import restore as read_in

    with _app_context(ctx):
        restored = _backup_lines(file, "restore", lambda lines: read_in(lines, accept_newer))
    said = ", ".join(f"{table} {count}" for table, count in restored.rows.items())
    click.echo(f"companion restore: restored {said}")
    if not restored.checked:
        click.echo(
            "companion restore: the file, made by an earlier companion, carries no check"
            " of its own: it was restored as it reads",
            err=True,
        )


@contextmanager
def _app_context(ctx: click.Context) -> Iterator[None]:
    """Within the app's context, the app made as configured (exit status 1, one line, if
    it can't be); its database's connections closed after."""
    from flask.cli import ScriptInfo

    app = ScriptInfo(create_app=_create_app).load_app()
    try:
        with app.app_context():
            yield
    finally:
        app.extensions["companion.database"].close()


def _stdout() -> TextIO:
    """Standard output as UTF-8, whatever the locale (a backup's names are any script)."""
    return io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", newline="", write_through=True)


def _backup_lines(file: str, command: str, read: Callable[[TextIO], T]) -> T:
    """What ``read`` makes of the file's lines ('-': standard input), read as UTF-8 (a
    byte-order mark before them is no part of them); exit status 2, with one line saying
    why, for a file that can't be read or that ``read`` refuses."""
    from companion.web.database import Unavailable

    try:
        source = (
            io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8-sig", newline="")
            if file == "-"
            else Path(file).open(encoding="utf-8-sig", newline="")
        )
    except OSError as error:
        click.echo(f"companion {command}: {file}: {error.strerror}", err=True)
        sys.exit(2)
    try:
        with source:
            return read(source)
    except (CompanionError, UnicodeDecodeError) as error:
        click.echo(f"companion {command}: {one_line(str(error))}", err=True)
        sys.exit(2)
    except Unavailable as error:
        click.echo(f"companion {command}: the database can't be used ({error})", err=True)
        sys.exit(1)


@cli.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--workers",
    default=lambda: min(os.cpu_count() or 1, 64),
    show_default="one for each core",
    type=click.IntRange(1, 64),
    help="Worker processes.",
)
@click.option(
    "--connections",
    default=10000,
    show_default=True,
    type=click.IntRange(10, 100000),
    help="Connections each worker holds at once (each open phone's live updates keep one).",
)
def serve(host: str, port: int, workers: int, connections: int) -> None:
    """Serve the app under a production server (gunicorn), on the configured database
    (DATABASE_URL, or the instance's SQLite file), for many tables at once."""
    from companion.web.serve import serve as run

    sys.exit(run(host, port, workers, connections))


def _read(game: str) -> str:
    raw = _read_bytes(game, MAX_RECORD_BYTES)
    if len(raw) > MAX_RECORD_BYTES:
        raise CompanionError(_("%(where)s: larger than a game record can be", where=game))
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CompanionError(_("%(where)s: not UTF-8 text", where=game)) from None


def main() -> None:
    """Entry point of the ``companion`` console command."""
    cli()


if __name__ == "__main__":
    main()
