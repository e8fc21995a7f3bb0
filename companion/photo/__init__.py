"""Reading a phone's photo of the board: where the board is, and whose pieces stand on
each route.

The photo is flattened onto the board by its four corners (``outline``), each route's car
spaces are looked at where the map's layout puts them (``layout``), and the colours seen
are weighed under the photo's own light (``pieces``). ``read_photo`` does it all; a record
of the claims, where there is one, is compared with what is seen (``check``).

Nothing here knows Flask or the database; the rules package knows nothing of this one.
"""
