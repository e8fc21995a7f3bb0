"""The pages: one blueprint for each screen. None imports another: what two screens share
lives in a module of its own beside them (``table_view``, ``new_game``, ``sheet_view``,
``sharing``)."""

from __future__ import annotations

from flask import Blueprint

from companion.web.pages import (
    asset_files,
    dice_turn,
    event,
    find,
    group,
    home,
    language_switch,
    live,
    offline,
    photo,
    share,
    sheet,
    table,
    telegram_app,
    tickets,
    trips,
    watch,
)

BLUEPRINTS: tuple[Blueprint, ...] = (
    home.bp,
    group.bp,
    event.bp,
    table.bp,
    tickets.bp,
    sheet.bp,
    share.bp,
    trips.bp,
    photo.bp,
    dice_turn.bp,
    find.bp,
    watch.bp,
    live.bp,
    offline.bp,
    telegram_app.bp,
    language_switch.bp,
    asset_files.bp,
)
