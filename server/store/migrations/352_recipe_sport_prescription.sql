-- Issue 35, recipeSport 运动处方: a class's exercise prescription, stored on its custom people group (the inputs the
-- dietitian gave; the group's energy_kcal is the target worked from them: domain/sportPrescription.ts).
ALTER TABLE recipe_people ADD COLUMN sport_prescription jsonb;
