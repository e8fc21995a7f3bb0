"""What the companion draws and writes out, from the rules' data: the score sheet as text,
JSON, PDF and CSV, the board picture, the score chart, a group's pictures, the result card,
the BG Stats link, and the colours and lettering they share."""
