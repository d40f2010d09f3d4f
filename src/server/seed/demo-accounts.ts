/** The demo accounts seeded on an empty database; their passwords are printed at start-up. */
export const DEMO_ADMIN = {
  email: 'admin@hedgehog-bingo.local',
  password: 'Hedgehog-Admin-1',
  name: 'Hazel Hedgehog',
} as const;

export const DEMO_READER = {
  email: 'reader@hedgehog-bingo.local',
  password: 'Hedgehog-Reader-1',
  name: 'Bramble Reader',
} as const;
