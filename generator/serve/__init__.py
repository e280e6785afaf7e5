"""`warkit serve`: a local preview that rebuilds as the game's files are edited
(`session` the rebuilds, `server` the HTTP side, `watch` the folder, `renders` PDF pages as
pictures, `page.html` the page)."""
