"""Member lists of projects and groups: add a user with a role, change a role, remove.

A project's members (``members``) and a group's (``group_members``) follow the same
rules; :class:`Roster` applies them to either. Who may manage a roster is the
caller's business (Maintainers for a project, Owners for a group, as in GitLab); the
roster enforces what is left: only an Owner grants, changes or removes the Owner
role, and the last Owner stays.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass

from flask import abort

from ..core.clock import now_text
from ..core.db import get_db
from . import access, forms


@dataclass(frozen=True)
class Roster:
    """The direct members of one project or group.

    Attributes:
        table: ``members`` or ``group_members``.
        key: The table's column naming the project or group.
        target_id: The project's or group namespace's id.
        noun: ``project`` or ``group``, for messages.
        actor_role: The acting user's role here (decides the Owner rules).
    """

    table: str
    key: str
    target_id: int
    noun: str
    actor_role: int

    def rows(self) -> list[sqlite3.Row]:
        """The members (``id``, ``username``, ``name``, ``role``, ``created_at``), by role."""
        return (
            get_db()
            .execute(
                "SELECT u.id, u.username, u.name, m.role, m.created_at FROM"
                f" {self.table} m JOIN users u ON u.id = m.user_id WHERE m.{self.key} = ?"
                " ORDER BY m.role DESC, u.username",
                (self.target_id,),
            )
            .fetchall()
        )

    def member(self, user_id: int) -> sqlite3.Row | None:
        """The member ``user_id``, or None."""
        return (
            get_db()
            .execute(
                "SELECT u.id, u.username, u.name, m.role FROM"
                f" {self.table} m JOIN users u ON u.id = m.user_id"
                f" WHERE m.{self.key} = ? AND m.user_id = ?",
                (self.target_id, user_id),
            )
            .fetchone()
        )

    def member_or_404(self, user_id: int) -> sqlite3.Row:
        """The member ``user_id``; abort with 404 when they are not one."""
        member = self.member(user_id)
        if member is None:
            abort(404, f"User {user_id} is not a member of this {self.noun}.")
        return member

    def owner_count(self) -> int:
        """How many Owners there are."""
        return (
            get_db()
            .execute(
                f"SELECT COUNT(*) FROM {self.table} WHERE {self.key} = ? AND role = ?",
                (self.target_id, access.OWNER),
            )
            .fetchone()[0]
        )

    def add(self, form: Mapping[str, str]) -> tuple[dict[str, str], sqlite3.Row | None, str]:
        """Add the user named in ``username`` with the ``role`` named in the form (no commit).

        Returns:
            ``(errors, user, role name)``; nothing is written when there are errors.
        """
        errors: dict[str, str] = {}
        username = forms.text(form, "username", "Username", errors, max_length=100)
        role_name = forms.choice(form, "role", "Role", access.ROLE_BY_NAME, errors)
        db = get_db()
        user = None
        if "username" not in errors:
            user = db.execute(
                "SELECT * FROM users WHERE username = ?", (username.lstrip("@").lower(),)
            ).fetchone()
            if user is None:
                errors["username"] = f"There is no user named {username}."
            elif self.member(user["id"]):
                errors["username"] = f"{user['username']} is already a member of this {self.noun}."
        role = access.ROLE_BY_NAME.get(role_name, 0)
        if role == access.OWNER and self.actor_role < access.OWNER:
            errors["role"] = "Only an Owner can add another Owner."
        if errors or user is None:
            return errors, None, ""
        db.execute(
            f"INSERT INTO {self.table} ({self.key}, user_id, role, created_at) VALUES (?, ?, ?, ?)",
            (self.target_id, user["id"], role, now_text()),
        )
        return errors, user, role_name

    def change(
        self, user_id: int, form: Mapping[str, str]
    ) -> tuple[dict[str, str], sqlite3.Row, str]:
        """Give member ``user_id`` the ``role`` named in the form (no commit; 404 if no member).

        Returns:
            ``(errors, member, role name)``; nothing is written when there are errors.
        """
        member = self.member_or_404(user_id)
        errors: dict[str, str] = {}
        role_name = forms.choice(form, "role", "Role", access.ROLE_BY_NAME, errors)
        role = access.ROLE_BY_NAME.get(role_name, 0)
        if not errors and access.OWNER in (role, member["role"]) and self.actor_role < access.OWNER:
            errors["role"] = "Only an Owner can grant or change the Owner role."
        if (
            not errors
            and member["role"] == access.OWNER
            and role != access.OWNER
            and self.owner_count() == 1
        ):
            errors["role"] = (
                f"A {self.noun} needs at least one Owner; make someone else Owner first."
            )
        if not errors:
            get_db().execute(
                f"UPDATE {self.table} SET role = ? WHERE {self.key} = ? AND user_id = ?",
                (role, self.target_id, user_id),
            )
        return errors, member, role_name

    def remove(self, user_id: int) -> tuple[dict[str, str], sqlite3.Row]:
        """Remove member ``user_id`` (no commit; 404 if no member).

        Returns:
            ``(errors, member)``; nothing is written when there are errors.
        """
        member = self.member_or_404(user_id)
        if member["role"] == access.OWNER and (
            self.actor_role < access.OWNER or self.owner_count() == 1
        ):
            return {
                "remove": "Owners can only be removed by another Owner, and a"
                f" {self.noun} needs at least one Owner."
            }, member
        get_db().execute(
            f"DELETE FROM {self.table} WHERE {self.key} = ? AND user_id = ?",
            (self.target_id, user_id),
        )
        return {}, member
