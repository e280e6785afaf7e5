"""Named checks from the model to issues, collected into one report."""
