-- §9 / issue 27: an account made for someone (contacts, user managers, org init) starts with the deployment's
-- initial password and must choose his own before anything else answers. Set from UserCreated/ContactUsersCreated
-- (mustChangePassword) and UserPasswordChanged (mustChange: a password someone else set); replayable.
ALTER TABLE users ADD COLUMN password_change_required boolean NOT NULL DEFAULT false;
