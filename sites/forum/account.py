"""Logging in and out, registration, account settings and the biography."""

from __future__ import annotations

import re

from flask import Blueprint, flash, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..core import forms as core_forms
from ..core.auth import (
    change_password,
    hash_password,
    log_in,
    log_out,
    login_page,
    login_required,
)
from ..core.clock import now_text
from ..core.db import get_db
from . import forms

bp = Blueprint("account", __name__)

USERNAME = re.compile(r"^[a-z0-9._-]{3,30}$")
FRONT_PAGE_SORTS = (("hot", "Hot"), ("new", "New"), ("top", "Top"))


@bp.route("/login", methods=("GET", "POST"))
def login() -> Response | tuple[str, int]:
    """Log a user in and send them where they were going."""
    return login_page(
        "forum/account/login.html",
        "forums.front",
        welcome=lambda user: f"Welcome back, {user['username']}!",
    )


@bp.route("/logout", methods=("POST",))
def logout() -> Response:
    """Log the user out."""
    log_out()
    flash("You have been logged out.", "success")
    return redirect(url_for("forums.front"))


@bp.route("/register", methods=("GET", "POST"))
def register() -> Response | tuple[str, int]:
    """Create an account and log it in."""
    if request.method == "GET":
        return render_template("forum/account/register.html", errors={}, form={}), 200
    errors: dict[str, str] = {}
    username = forms.text(request.form, "username", "Username", errors, max_length=30).lower()
    if "username" not in errors and not USERNAME.match(username):
        errors["username"] = (
            "Username must be 3 to 30 characters: lower-case letters, digits, '.', '_' or '-'."
        )
    email = core_forms.email(request.form, errors)
    password = core_forms.new_password(
        request.form, errors, "password", "confirm_password", "Password"
    )
    db = get_db()
    if (
        "username" not in errors
        and db.execute("SELECT 1 FROM users WHERE username = ?", (username,)).fetchone()
    ):
        errors["username"] = f"The username {username} is already taken."
    if errors:
        return render_template("forum/account/register.html", errors=errors, form=request.form), 400
    cursor = db.execute(
        "INSERT INTO users (username, password_hash, email, created_at) VALUES (?, ?, ?, ?)",
        (username, hash_password(password, username), email, now_text()),
    )
    db.commit()
    log_in(int(cursor.lastrowid or 0))
    flash("Welcome! Your account has been created.", "success")
    return redirect(url_for("forums.front"))


def _render_settings(
    form: object, errors: dict[str, str], password_errors: dict[str, str], status: int = 200
) -> tuple[str, int]:
    return render_template(
        "forum/account/settings.html",
        form=form,
        errors=errors,
        password_errors=password_errors,
        sorts=FRONT_PAGE_SORTS,
    ), status


@bp.route("/settings", methods=("GET", "POST"))
@login_required
def settings() -> Response | tuple[str, int]:
    """Change the email address and the front page's default sort."""
    if request.method == "GET":
        return _render_settings(dict(g.user), {}, {})
    errors: dict[str, str] = {}
    email = core_forms.email(request.form, errors)
    sort = request.form.get("front_page_sort", "")
    if sort not in dict(FRONT_PAGE_SORTS):
        errors["front_page_sort"] = "Default front page sort must be Hot, New or Top."
    if errors:
        return _render_settings(request.form, errors, {}, 400)
    db = get_db()
    db.execute(
        "UPDATE users SET email = ?, front_page_sort = ? WHERE id = ?", (email, sort, g.user["id"])
    )
    db.commit()
    flash("Your settings have been saved.", "success")
    return redirect(url_for("account.settings"))


@bp.route("/settings/password", methods=("POST",), endpoint="change_password")
@login_required
def password() -> Response | tuple[str, int]:
    """Change the password after checking the current one."""
    errors = change_password(request.form)
    if errors:
        return _render_settings(dict(g.user), {}, errors, 400)
    flash("Your password has been changed.", "success")
    return redirect(url_for("account.settings"))


@bp.route("/settings/biography", methods=("GET", "POST"))
@login_required
def biography() -> Response | tuple[str, int]:
    """Edit the biography shown on the user's profile."""
    if request.method == "GET":
        return render_template(
            "forum/account/biography.html", form={"biography": g.user["biography"]}, errors={}
        ), 200
    errors: dict[str, str] = {}
    text = forms.text(
        request.form,
        "biography",
        "Biography",
        errors,
        max_length=forms.BIOGRAPHY_LIMIT,
        required=False,
    )
    if errors:
        return render_template(
            "forum/account/biography.html", form=request.form, errors=errors
        ), 400
    db = get_db()
    db.execute("UPDATE users SET biography = ? WHERE id = ?", (text, g.user["id"]))
    db.commit()
    flash("Your biography has been saved.", "success")
    return redirect(url_for("users.profile", username=g.user["username"]))
