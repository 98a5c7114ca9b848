// The giveaway screens draw from the site's one icon set; this module keeps their import path.
export {
  ArrowLeftIcon,
  CalendarIcon,
  FlagIcon,
  GiftIcon,
  ShareIcon,
  TrophyIcon,
  UsersIcon,
} from '@/components/icons';
