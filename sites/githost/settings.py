"""User settings: the profile (status, website, bio) and personal access tokens."""

from __future__ import annotations

from collections.abc import Mapping

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..core import forms as core_forms
from ..core.auth import login_required
from ..core.db import get_db
from . import forms, sshkeys, tokens

bp = Blueprint("settings", __name__, url_prefix="/-/user_settings")

STATUS_LIMIT = 100
BIO_LIMIT = 255


def update_profile(form: Mapping[str, str]) -> dict[str, str]:
    """Save the signed-in user's status message, website and bio (does not commit).

    Returns:
        Field name -> message; empty when the profile was saved.
    """
    errors: dict[str, str] = {}
    status = forms.text(
        form, "status_message", "Status message", errors, max_length=STATUS_LIMIT, required=False
    )
    website = core_forms.web_address(form, "website_url", "Website", errors, required=False)
    bio = forms.text(form, "bio", "Bio", errors, max_length=BIO_LIMIT, required=False)
    if not errors:
        get_db().execute(
            "UPDATE users SET status_message = ?, website_url = ?, bio = ? WHERE id = ?",
            (status, website, bio, g.user["id"]),
        )
    return errors


@bp.route("/profile", methods=("GET", "POST"))
@login_required
def profile() -> Response | tuple[str, int]:
    """Edit the signed-in user's status message, website and bio."""
    if request.method == "GET":
        return render_template("githost/settings/profile.html", form=g.user, errors={}), 200
    errors = update_profile(request.form)
    if errors:
        return render_template(
            "githost/settings/profile.html", form=request.form, errors=errors
        ), 400
    get_db().commit()
    flash("Profile was successfully updated.", "success")
    return redirect(url_for("settings.profile"))


def _tokens_page(
    form: Mapping[str, object], errors: dict[str, str], new_token: str = "", status: int = 200
) -> tuple[str, int]:
    rows = tokens.user_tokens(g.user["id"])
    return render_template(
        "githost/settings/tokens.html",
        active=[row for row in rows if tokens.is_active(row)],
        inactive=[row for row in rows if not tokens.is_active(row)],
        scopes=tokens.SCOPES,
        scopes_of=tokens.scopes_of,
        form=form,
        errors=errors,
        new_token=new_token,
    ), status


@bp.route("/personal_access_tokens", methods=("GET", "POST"))
@login_required
def personal_access_tokens() -> tuple[str, int]:
    """List the user's tokens and create one; a new token's value is shown on this page once."""
    if request.method == "GET":
        return _tokens_page({"scopes": []}, {})
    errors, value = tokens.create(request.form, request.form.getlist("scopes"))
    if errors:
        form = {**request.form.to_dict(), "scopes": request.form.getlist("scopes")}
        return _tokens_page(form, errors, status=400)
    get_db().commit()
    return _tokens_page({"scopes": []}, {}, new_token=value)


@bp.route("/personal_access_tokens/<int:token_id>/revoke", methods=("POST",))
@login_required
def revoke_token(token_id: int) -> Response:
    """Revoke one of the user's tokens: API calls with it get 401 from now on."""
    row = tokens.revoke(token_id)
    if row is None:
        abort(404, f"You have no personal access token {token_id}.")
    get_db().commit()
    flash(f"Revoked personal access token {row['name']}.", "success")
    return redirect(url_for("settings.personal_access_tokens"))


def _keys_page(
    form: Mapping[str, str], errors: dict[str, str], status: int = 200
) -> tuple[str, int]:
    return render_template(
        "githost/settings/ssh_keys.html",
        keys=sshkeys.user_keys(g.user["id"]),
        form=form,
        errors=errors,
    ), status


@bp.route("/ssh_keys", methods=("GET", "POST"))
@login_required
def ssh_keys() -> Response | tuple[str, int]:
    """List the user's SSH keys and add one (``key``, optional ``title``)."""
    if request.method == "GET":
        return _keys_page({}, {})
    errors, _key_id = sshkeys.add(request.form)
    if errors:
        return _keys_page(request.form, errors, 400)
    get_db().commit()
    flash("The SSH key was added.", "success")
    return redirect(url_for("settings.ssh_keys"))


@bp.route("/ssh_keys/<int:key_id>/delete", methods=("POST",))
@login_required
def delete_ssh_key(key_id: int) -> Response:
    """Delete one of the user's SSH keys."""
    row = sshkeys.delete(key_id)
    if row is None:
        abort(404, f"You have no SSH key {key_id}.")
    get_db().commit()
    flash(f"Deleted SSH key {row['title']}.", "success")
    return redirect(url_for("settings.ssh_keys"))
