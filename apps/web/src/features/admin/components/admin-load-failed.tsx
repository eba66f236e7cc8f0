/**
 * An admin list that could not be loaded: the staff screens' one failure state (asking again, or
 * the way to two-step sign-in when REQUIRE_STAFF_2FA wants it first), under its admin name.
 */
export { StaffLoadFailed as AdminLoadFailed } from '../../../components/ui/staff-load-failed.tsx';
