"""The Textual table: screens and widgets that render views and send actions."""
