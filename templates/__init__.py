"""Jinja2 templates of the HTML site (package ``kb.data.templates``)."""
