"""The learner's side: the progress record and its store, ratings, the review schedule,
lesson progress, the teacher's class table and its charts, and the course copy command."""
